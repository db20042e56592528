export { ask, type QuestionOptions } from './ask';
export { QuestionDialog } from './QuestionDialog';
