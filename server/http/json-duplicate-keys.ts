/**
 * The first key that an object of a JSON text names twice, as a dotted path of the keys above it
 * ("amount", "card.status"), or null. JSON.parse keeps the last of two, silently: on a money field
 * or a decision ({"status":"REJECTED","status":"APPROVED"}) the body is ambiguous, and another
 * reader may take the first. Keys are compared as parsed ("a" and "\u0061" are one key). For text
 * JSON.parse has accepted: it only tracks strings and brackets.
 */
export function duplicateKeyIn(text: string): string | null {
  type Level = { keys: Set<string> | null; expectKey: boolean; path: string; lastKey: string | null };
  const stack: Level[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        const path = top.path ? `${top.path}.${key}` : key;
        if (top.keys.has(key)) return path;
        top.keys.add(key);
        top.expectKey = false;
        top.lastKey = key;
      }
      i = j;
    } else if (c === "{" || c === "[") {
      const below = top?.keys ? top.lastKey : null;
      const path = [top?.path, below].filter(Boolean).join(".");
      stack.push({ keys: c === "{" ? new Set() : null, expectKey: c === "{", path, lastKey: null });
    } else if (c === "}" || c === "]") stack.pop();
    else if (c === "," && top?.keys) top.expectKey = true;
  }
  return null;
}
