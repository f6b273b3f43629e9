/** A chart's numbers as a table: the text alternative every figure carries. */
export interface FigureTable {
  caption: string;
  columns: string[];
  rows: string[][];
}
