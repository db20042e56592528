export { ConflictDialog, whenText } from './ConflictDialog';
export { conflictOf, useConflict, type ConflictChoice, type ConflictState } from './useConflict';
export { fieldChanges, fieldLabel, formatValue, sideBySide, type FieldChange, type FieldFormat } from './diff';
export { CONFLICT_SHOWN, useVersionedSave, versionOf, type VersionedWrite } from './useVersionedSave';
