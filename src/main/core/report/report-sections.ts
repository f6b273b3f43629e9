/**
 * The report's sections in order, with the titles printed as headings and bookmarks. One
 * list, so the TRIPOD+AI map, the tests and the writer name sections identically.
 */
export const SECTIONS = {
  summary: '1. Summary for the quality-improvement committee',
  performance: '2. Model performance and calibration',
  exhaustion: '3. Exhaustion statistics',
  abstention: '4. Abstention and clinician review',
  bias: '5. Bias audit',
  monitoring: '6. Over time and across units',
  traces: '7. Example traces',
  methods: 'Appendix A. Methods, definitions and parameters',
  tripod: 'Appendix B. TRIPOD+AI items mapped to this report',
} as const;

export type SectionId = keyof typeof SECTIONS;

/** "Section 3 (page 5)": a cross-reference as the TRIPOD map and the summary print it. */
export function sectionRef(id: SectionId, page: number | undefined): string {
  const title = SECTIONS[id];
  const name = title.startsWith('Appendix')
    ? title.split('.')[0]!
    : `Section ${title.split('.')[0]}`;
  return page === undefined ? name : `${name} (page ${page})`;
}
