import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useRef } from 'react';
import { useSnapshot } from 'valtio';
import { questionStore, type Question } from './ask';

/** Where `ask()` shows its question: mounted once beside the routed screens. */
export function QuestionDialog() {
  const { current } = useSnapshot(questionStore);
  const question = current ? questionStore.current : null;
  // The last question stays written while the dialog fades out.
  const shown = useRef<Question | null>(null);
  if (question) shown.current = question;
  const text = shown.current;
  return (
    <Dialog
      header={text?.header}
      visible={question !== null}
      onHide={() => question?.answer(false)}
      style={{ width: 'min(30rem, 95vw)' }}
      modal
      draggable={false}
      resizable={false}
      className="question-dialog"
      // A yes that removes or replaces something starts on No, so Enter does no harm; otherwise on yes.
      onShow={() => document.querySelector<HTMLButtonElement>(`.question-dialog [data-answer="${text?.danger ? 'no' : 'yes'}"]`)?.focus()}
      footer={
        question ? (
          <>
            <Button type="button" label={question.reject} text data-answer="no" onClick={() => question.answer(false)} />
            <Button
              type="button"
              label={question.accept}
              severity={question.danger ? 'danger' : undefined}
              data-answer="yes"
              onClick={() => question.answer(true)}
            />
          </>
        ) : null
      }
    >
      <p>{text?.message}</p>
    </Dialog>
  );
}
