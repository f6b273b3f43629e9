/** A call this transport cannot serve (a native dialog over HTTP): the message says what to do. */
export class UnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnavailableError';
  }
}
