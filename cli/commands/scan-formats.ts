/** The report formats of `agentd scan` (scan-output.ts renders them). */
export const SCAN_FORMATS = ['text', 'json', 'sarif', 'markdown', 'html', 'github'] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];
