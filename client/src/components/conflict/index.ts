export { ConflictDialog } from './ConflictDialog';
export { conflictOf, useConflict, type ConflictChoice } from './useConflict';
export { fieldChanges, fieldLabel, sideBySide, type FieldFormat } from './diff';
export { CONFLICT_SHOWN, DELETION_SHOWN, useVersionedSave } from './useVersionedSave';
export { merge3 } from './merge';
