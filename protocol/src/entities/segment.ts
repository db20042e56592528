import { Type, type Static } from 'typebox';

/**
 * Segments and lists are audiences of the customer-engagement side of a provider; their ids are
 * that system's, so they are strings. A contact names one in `segment` or `list_id`.
 */
export const Segment = Type.Object({ id: Type.String(), display_name: Type.String() });
export type Segment = Static<typeof Segment>;

/** A list of a provider, shown in the contact form as 'id : name'. */
export const ContactList = Type.Object({ id: Type.String(), name: Type.String() });
export type ContactList = Static<typeof ContactList>;
