// A minimal Server-Sent Events parser for a fetch stream: feed it text chunks as they
// arrive (split anywhere), get back the `data` payload of each complete event.
// Comments (": ping") and fields other than `data` are ignored.
export class SseParser {
  private buffer = '';
  private data: string[] = [];

  feed(chunk: string): string[] {
    this.buffer += chunk;
    const payloads: string[] = [];
    let newline = this.buffer.search(/\r\n|\r|\n/);
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline);
      const width = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      // A lone trailing \r may be the first half of \r\n: wait for the next chunk.
      if (this.buffer[newline] === '\r' && width === 1 && newline === this.buffer.length - 1) break;
      this.buffer = this.buffer.slice(newline + width);
      if (line === '') {
        if (this.data.length > 0) payloads.push(this.data.join('\n'));
        this.data = [];
      } else if (line.startsWith('data:')) {
        this.data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
      newline = this.buffer.search(/\r\n|\r|\n/);
    }
    return payloads;
  }
}
