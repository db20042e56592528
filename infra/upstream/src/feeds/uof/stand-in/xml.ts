/** A small XML writer for the stand-in's replies: `el('fixture', {id}, [children])`. */
type Attributes = Record<string, string | number | boolean | null | undefined>;

const escaped = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function el(name: string, attributes: Attributes = {}, children: (string | null)[] = []): string {
  let open = name;
  for (const [key, value] of Object.entries(attributes)) if (value !== null && value !== undefined) open += ` ${key}="${escaped(String(value))}"`;
  const inner = children.filter((c) => c !== null).join('');
  return inner ? `<${open}>${inner}</${name}>` : `<${open}/>`;
}

/** The Sports API's namespace and declaration, as its documents start. */
export const SPORTS_NS = 'http://schemas.sportradar.com/sportsapi/v1/unified';
export const document = (root: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${root}`;

/** The vendor's error body: `<response response_code="NOT_FOUND"><message>…</message></response>`. */
export const errorDocument = (code: string, message: string, generatedAt: Date) =>
  document(el('response', { xmlns: SPORTS_NS, response_code: code, generated_at: generatedAt.toISOString() }, [el('message', {}, [escaped(message)])]));
