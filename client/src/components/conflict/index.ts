export { ConflictDialog, whenText } from './ConflictDialog';
export { conflictOf, useConflict, type ConflictChoice, type ConflictState } from './useConflict';
export { fieldChanges, fieldLabel, flatten, formatValue, sideBySide, type FieldChange, type FieldFormat } from './diff';
export { CONFLICT_SHOWN, useVersionedSave, versionOf, type VersionedWrite } from './useVersionedSave';
export { merge3, withinConflicts, type Merge } from './merge';
