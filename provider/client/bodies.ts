// Reading answer bodies that are not what the API writes: a proxy's HTML error page (nginx, a load balancer,
// a sign-in portal) and JSON cut short on its way. Users of other providers meet these as "invalid character
// '<' looking for beginning of value": here a body is parsed once, and what cannot be parsed is described in
// words a user can act on (whose page it is, that the answer was cut), never as a parser's complaint.

/** A parsed JSON body, or why the text is not one. */
export type ParsedBody = { ok: true; value: unknown } | { ok: false; unreadable: UnreadableBody };

/** What an unparseable body was, for messages. */
export interface UnreadableBody {
  kind: "html" | "truncated" | "text";
  /** Words for a message: `an HTML page "502 Bad Gateway"`, `JSON cut short after 45 bytes`. */
  description: string;
}

const MAX_QUOTE = 120;

/** True when the body is markup rather than JSON: an HTML content type, or text that opens with a tag. */
export function looksLikeHtml(text: string, contentType?: string): boolean {
  if (contentType && /\b(?:text\/html|application\/xhtml\+xml)\b/i.test(contentType)) return true;
  return /^\s*<(?:!doctype\s+html|html|head|body|title|center|h1|div|p)\b/i.test(text);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Text of an HTML fragment: tags dropped, common entities decoded, whitespace collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/gi, (_, e: string) => ENTITIES[e.toLowerCase()] ?? " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The page's title, else its first heading, else the start of its text. */
export function htmlHeadline(html: string): string | undefined {
  for (const re of [/<title[^>]*>([\s\S]*?)<\/title>/i, /<h1[^>]*>([\s\S]*?)<\/h1>/i]) {
    const m = re.exec(html);
    const t = m ? textOf(m[1]) : "";
    if (t) return t.slice(0, MAX_QUOTE);
  }
  const body = textOf(html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " "));
  return body ? body.slice(0, MAX_QUOTE) : undefined;
}

/** Words for a body that is not JSON. */
export function describeUnreadable(text: string, contentType?: string, parseError?: unknown): UnreadableBody {
  if (looksLikeHtml(text, contentType)) {
    const headline = htmlHeadline(text);
    return { kind: "html", description: `an HTML page${headline ? ` "${headline}"` : ""}` };
  }
  if (isCutShort(text, parseError)) {
    return {
      kind: "truncated",
      description: `JSON cut short after ${Buffer.byteLength(text)} bytes (the answer did not arrive whole)`,
    };
  }
  const quoted = text.trim().replace(/\s+/g, " ").slice(0, MAX_QUOTE);
  return { kind: "text", description: quoted ? `text that is not JSON ("${quoted}")` : "an empty body" };
}

/**
 * JSON that stops mid-document: it opens like JSON and the parser ran out of input (its error points at
 * the end of the text), rather than meeting something it could not read.
 */
function isCutShort(text: string, parseError: unknown): boolean {
  const t = text.trim();
  if (!/^[[{]/.test(t)) return false;
  const message = parseError instanceof Error ? parseError.message : "";
  if (/end of JSON input/i.test(message)) return true;
  const at = /at position (\d+)/.exec(message);
  return at !== null && Number(at[1]) >= t.length;
}

/** JSON.parse without the parser's words escaping: the value, or what the text was. */
export function parseBody(text: string, contentType?: string): ParsedBody {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, unreadable: describeUnreadable(text, contentType, err) };
  }
}
