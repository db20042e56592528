export { SessionsDialog } from './SessionsDialog';
