/** Where the built dashboard lives (scripts/build-dashboard.mjs writes it); no express here, so the CLI can ask cheaply. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** dist/daemon/http -> dist/ui */
export const DASHBOARD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../ui');
