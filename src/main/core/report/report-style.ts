/**
 * The report's look in one place: font aliases (registered by PdfLayout from the files in
 * resources/fonts), type sizes in points, and colours.
 */
export const FONT = { regular: 'report-regular', bold: 'report-bold' } as const;
export const TYPE = { title: 24, h1: 15, h2: 10.5, body: 8.8, small: 7.3 } as const;
export const COLOURS = {
  text: '#1b1b1b',
  muted: '#5a5a5a',
  rule: '#c8c8c8',
  band: '#edf1f5',
  accent: '#1f4e79',
  banner: '#b3261e',
  flag: '#b3261e',
} as const;
