// Finds SQL that opens or ends a transaction, so a migration cannot commit half of itself while
// the runner believes the whole file is still one transaction (SQLite reads a bare END as COMMIT).

const TRANSACTION_KEYWORDS = new Set(["BEGIN", "COMMIT", "END", "ROLLBACK"]);

/**
 * The first statement of `sql` that begins, commits or rolls back a transaction. Reads the SQL
 * token by token, so comments, string literals and quoted names are skipped, and the BEGIN … END
 * body of a CREATE TRIGGER (with its inner statements and CASE … END) stays one statement.
 */
export function transactionControl(sql: string): { keyword: string; line: number } | undefined {
  let line = 1;
  let index = 0; // position of the next token within the current statement
  let first = "";
  let second = "";
  let trigger = false;
  let depth = 0; // open BEGIN/CASE blocks of a trigger
  let i = 0;
  const skipTo = (end: number) => {
    for (let k = i; k < end; k++) if (sql[k] === "\n") line++;
    i = end;
  };
  while (i < sql.length) {
    const c = sql[i];
    if (/\s/.test(c)) {
      skipTo(i + 1);
    } else if (sql.startsWith("--", i)) {
      const end = sql.indexOf("\n", i);
      skipTo(end === -1 ? sql.length : end);
    } else if (sql.startsWith("/*", i)) {
      const end = sql.indexOf("*/", i + 2);
      skipTo(end === -1 ? sql.length : end + 2);
    } else if (c === ";") {
      skipTo(i + 1);
      if (!trigger || depth <= 0) {
        index = 0;
        first = second = "";
        trigger = false;
        depth = 0;
      }
    } else if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i))![0].toUpperCase();
      if (index === 0 && TRANSACTION_KEYWORDS.has(word)) return { keyword: word, line };
      if (index === 0) first = word;
      if (index === 1) second = word;
      if (
        first === "CREATE" && word === "TRIGGER" &&
        (index === 1 || (index === 2 && (second === "TEMP" || second === "TEMPORARY")))
      ) {
        trigger = true;
      }
      if (trigger && (word === "BEGIN" || word === "CASE")) depth++;
      if (trigger && word === "END") depth--;
      index++;
      skipTo(i + word.length);
    } else if (c === "'" || c === '"' || c === "`" || c === "[") {
      // Quoted text or name; a doubled quote inside stands for the quote itself.
      const close = c === "[" ? "]" : c;
      let end = i + 1;
      for (;;) {
        const found = sql.indexOf(close, end);
        if (found === -1) {
          end = sql.length;
          break;
        }
        end = found + 1;
        if (close === "]" || sql[end] !== close) break;
        end++;
      }
      index++;
      skipTo(end);
    } else {
      index++;
      skipTo(i + 1);
    }
  }
  return undefined;
}
