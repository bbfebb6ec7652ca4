/** The confined workspace view, its staged overlay, change sets, atomic apply and rollback. */
export { OverlayWorkspace, openWorkspace, type WorkspaceOptions } from './overlay-workspace.js';
export { changesFromStaged, buildChange } from './change-set.js';
export { applyChanges, rollback, type ApplyOptions, type ApplyReceipt, type ReceiptEntry } from './apply-changes.js';
export {
  commitJournal,
  discardJournal,
  findJournal,
  journalPath,
  listJournals,
  readJournalHeader,
  recoverJournal,
  type JournalHeader,
  type RecoveryReport,
} from './apply-journal.js';
export { confinePath, normalizeRelPath, realRoot, type ConfinedPath } from './confine-path.js';
export { MAX_FILE_BYTES, MAX_LOCK_FILE_BYTES, decodeText, readTextOrNull } from './text-file.js';
export { LOCK_FILE_NAMES, isLockFile } from './lock-files.js';
export { MAX_DECLARATION_FILE_BYTES, isDeclarationFile } from './declaration-files.js';
export { walkTextFiles, listFilter } from './list-files.js';
export { ForkedWorkspace } from './forked-workspace.js';
