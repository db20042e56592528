import { NavLink, useLocation } from 'react-router-dom';
import { TabTitle } from '../../../components/match/TabTitle';
import { ConflictDialog } from '../../../components/conflict';
import { ContentFormView } from './ContentFormView';
import { ContentPreview } from './ContentPreview';
import { useContentTab } from './useContentTab';
import './content.css';

/** /match/{matchId}/content[/preview]: the 'Form' and 'Preview (n)' tabs of a match's content. */
export default function ContentTab() {
  const tab = useContentTab();
  const preview = useLocation().pathname.replace(/\/$/, '').endsWith('/preview');
  const base = `/match/${tab.matchId}/content`;
  return (
    <section aria-labelledby="screen-title" className="content-tab">
      <TabTitle id="screen-title" tab="content" />
      <nav className="content-subtabs" aria-label="Content views">
        <NavLink to={base} end className={() => (!preview ? 'active' : '')} aria-current={!preview ? 'page' : undefined}>
          Form
        </NavLink>
        <NavLink to={`${base}/preview`} className={() => (preview ? 'active' : '')} aria-current={preview ? 'page' : undefined}>
          Preview ({tab.records.length})
        </NavLink>
      </nav>
      {preview ? <ContentPreview tab={tab} /> : <ContentFormView tab={tab} />}
      <ConflictDialog state={tab.conflict} what="This content" />
    </section>
  );
}
