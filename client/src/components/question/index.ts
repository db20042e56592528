export { ask } from './ask';
export { QuestionDialog } from './QuestionDialog';
