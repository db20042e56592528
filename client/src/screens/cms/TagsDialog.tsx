import type { QueryTag } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { copyText } from './copyText';
import { useQueryTags } from './useCmsOptions';

/** How a tag is written into content for each team (SPEC §3 Query tag). */
const tagText = (side: 'home' | 'away', tag: QueryTag) => `{{${side}.${tag.key}}}`;

/** The tag modal (SPEC §2): every query tag, each copyable as {{home.key}} or {{away.key}}. */
export function TagsDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const tags = useQueryTags(visible);
  const [copied, setCopied] = useState('');
  const copy = async (text: string) => setCopied((await copyText(text)) ? `Copied ${text}` : `Copy failed: select ${text} and copy it by hand`);
  return (
    <Dialog header="Query tags" visible={visible} onHide={onHide} style={{ width: 'min(44rem, 95vw)' }} modal draggable={false}>
      <p className="form-hint">Write a tag into content; it is filled with the team's value when the content is compiled.</p>
      <table className="tags-table" aria-label="Query tags">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Home</th>
            <th scope="col">Away</th>
          </tr>
        </thead>
        <tbody>
          {!tags.length && (
            <tr>
              <td colSpan={3}>Loading...</td>
            </tr>
          )}
          {tags.map((tag) => (
            <tr key={tag.key}>
              <td>{tag.name}</td>
              {(['home', 'away'] as const).map((side) => (
                <td key={side}>
                  <Button
                    type="button"
                    className="tag-copy"
                    label={tagText(side, tag)}
                    icon="pi pi-copy"
                    text
                    size="small"
                    aria-label={`Copy ${tagText(side, tag)}`}
                    onClick={() => void copy(tagText(side, tag))}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="tags-copied" role="status" aria-live="polite">
        {copied}
      </p>
    </Dialog>
  );
}
