// A catalogue's Plural-Forms expression, read without eval: the site's Content-Security-Policy
// refuses `new Function`, and an expression is only a little C (gettext's subset): n, whole
// numbers, parentheses, ! * / % + - < <= > >= == != && || and ?:, with C's precedence.

const BINARY = [  // loosest first
  ["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"],
];
const APPLY = {
  "||": (a, b) => (a || b ? 1 : 0), "&&": (a, b) => (a && b ? 1 : 0),
  "==": (a, b) => (a === b ? 1 : 0), "!=": (a, b) => (a !== b ? 1 : 0),
  "<": (a, b) => (a < b ? 1 : 0), "<=": (a, b) => (a <= b ? 1 : 0),
  ">": (a, b) => (a > b ? 1 : 0), ">=": (a, b) => (a >= b ? 1 : 0),
  "+": (a, b) => a + b, "-": (a, b) => a - b, "*": (a, b) => a * b,
  "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b,
};
const TOKEN = /\s*(\d+|n|\|\||&&|[=!<>]=|[-+*/%<>!?:()])/y;

function tokens(text) {
  const found = [];
  const rest = text.trim();
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < rest.length) {
    const match = TOKEN.exec(rest);
    if (!match) throw new SyntaxError(`plural expression: cannot read "${text}"`);
    found.push(match[1]);
  }
  return found;
}

/** `pluralRule("(n != 1)")` -> a function of n giving the index of the plural form. */
export function pluralRule(text) {
  const list = tokens(text);
  let at = 0;
  const take = (want) => {
    if (list[at] !== want) throw new SyntaxError(`plural expression: "${want}" expected in "${text}"`);
    at += 1;
  };

  function primary() {
    const token = list[at++];
    if (token === "n") return (n) => n;
    if (token === "!") { const inner = primary(); return (n) => (inner(n) ? 0 : 1); }
    if (token === "(") { const inner = ternary(); take(")"); return inner; }
    if (token !== undefined && /^\d+$/.test(token)) { const value = Number(token); return () => value; }
    throw new SyntaxError(`plural expression: unexpected "${token ?? "end"}" in "${text}"`);
  }

  function binary(level) {
    if (level === BINARY.length) return primary();
    let left = binary(level + 1);
    while (BINARY[level].includes(list[at])) {
      const apply = APPLY[list[at++]];
      const a = left, b = binary(level + 1);
      left = (n) => apply(a(n), b(n));
    }
    return left;
  }

  function ternary() {
    const condition = binary(0);
    if (list[at] !== "?") return condition;
    at += 1;
    const yes = ternary();
    take(":");
    const no = ternary();
    return (n) => (condition(n) ? yes(n) : no(n));
  }

  const rule = ternary();
  if (at !== list.length) throw new SyntaxError(`plural expression: "${list[at]}" left over in "${text}"`);
  return (n) => Number(rule(n));
}
