/**
 * Where a shell script hands a secret to another program in its arguments. Arguments are public on
 * a shared machine: every user can read them with `ps` (/proc/PID/cmdline), while a program's
 * environment and the pipes and file descriptors it reads are its owner's alone. So a secret may
 * go into an assignment, into a builtin that never starts a program (printf, local, test), and from
 * there into a file descriptor (`--header @<(printf ...)`), but never into a program's arguments,
 * neither from a variable nor written out (`-d refresh_token=tGzv...`).
 *
 * This reads the shell as the samples write it: commands split at newlines, `;`, `|`, `&&` and
 * `||`, quotes, `$(...)` and `<(...)` nested to any depth, `((...))` arithmetic, comments.
 */

/** Variables that hold a secret by their name: API keys, webhook and client secrets, tokens. */
export const SECRET_NAME = /secret|token|api_?key|password/i;

/**
 * A literal secret written into an argument as a form field or option (`refresh_token=tGzv...`,
 * `client_secret=...`): a name that ends in a secret's name, `=`, and a value that is no variable
 * (a variable is found where it expands) and not the name of another field (`token_type_hint=`).
 */
const LITERAL_SECRET = /^(?:-[A-Za-z-]*=?)?([A-Za-z0-9_]*(?:secret|token|api_?key|password))=([^$@]+)$/i;

/** Builtins and keywords: no program starts, so nothing reaches another process's arguments. */
const NO_PROGRAM = new Set(['printf', 'local', 'export', 'declare', 'readonly', 'test', '[', '[[', '((', ':']);
/** Keywords after which the next word starts a command. */
const KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'while', 'until', 'do', '!', '{', 'time']);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;

export interface SecretArgument {
  /** 1-based line of the script. */
  line: number;
  /** The program that would get the secret in its arguments. */
  program: string;
  /** The variable that holds the secret, or the field a literal secret is written to. */
  variable: string;
}

/** Names assigned from a secret in the script (`auth="Bearer $KESTREL_API_KEY"`), with the secret names. */
function secretVariables(script: string): (name: string) => boolean {
  const derived = new Set<string>();
  const isSecret = (name: string) => SECRET_NAME.test(name) || derived.has(name);
  for (let grown = true; grown;) {
    grown = false;
    for (const [, name, value] of script.matchAll(/(?:^|[\s;(])([A-Za-z_][A-Za-z0-9_]*)\+?=(.*)$/gm)) {
      const uses = [...value!.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
      if (!isSecret(name!) && uses.some(isSecret)) {
        derived.add(name!);
        grown = true;
      }
    }
  }
  return isSecret;
}

interface Frame {
  /** The command word of the current simple command, once read. */
  program: string | undefined;
  word: string;
  /** The quote this frame was opened inside, restored when it closes. */
  outerQuote: string | undefined;
  /** `((`: arithmetic, closed by `))`. */
  arithmetic: boolean;
}

/** Every place where the script expands a secret variable into a program's arguments. */
export function secretArguments(script: string): SecretArgument[] {
  const isSecret = secretVariables(script);
  const found: SecretArgument[] = [];
  const frames: Frame[] = [{program: undefined, word: '', outerQuote: undefined, arithmetic: false}];
  let quote: string | undefined;
  let line = 1;
  const top = () => frames[frames.length - 1]!;
  const endWord = () => {
    const frame = top();
    const literal = LITERAL_SECRET.exec(frame.word);
    if (literal && frame.program !== undefined && !NO_PROGRAM.has(frame.program))
      found.push({line, program: frame.program, variable: literal[1]!});
    // After a keyword (`if`, `do`) the next word is the command.
    if (frame.word && frame.program === undefined && !ASSIGNMENT.test(frame.word) && !KEYWORDS.has(frame.word)) {
      frame.program = frame.word;
    }
    frame.word = '';
  };
  const endCommand = () => {
    endWord();
    top().program = undefined;
  };
  const open = (arithmetic = false) => {
    frames.push({program: arithmetic ? '((' : undefined, word: '', outerQuote: quote, arithmetic});
    quote = undefined;
  };
  const close = () => {
    endWord();
    const frame = frames.pop()!;
    quote = frame.outerQuote;
    top().word += '_';
  };
  for (let i = 0; i < script.length; i++) {
    const c = script[i]!;
    if (c === '\n') line++;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else top().word += c;
      continue;
    }
    if (c === '\\') {
      if (script[i + 1] === '\n') line++;
      else top().word += script[i + 1] ?? '';
      i++;
      continue;
    }
    if (c === '$' && script[i + 1] === '(' && script[i + 2] === '(') {
      open(true);
      i += 2;
      continue;
    }
    if (c === '$' && script[i + 1] === '(') {
      open();
      i++;
      continue;
    }
    if (c === '$') {
      const m = /^\$\{?(#?)([A-Za-z_][A-Za-z0-9_]*)/.exec(script.slice(i));
      if (m && !m[1] && isSecret(m[2]!)) {
        const frame = top();
        const inAssignment = frame.program === undefined && ASSIGNMENT.test(frame.word);
        // A secret as the command word itself, or as an argument of a program.
        const program = frame.program ?? (inAssignment ? undefined : '(a command named by a secret)');
        if (program !== undefined && !NO_PROGRAM.has(program)) found.push({line, program, variable: m[2]!});
      }
      top().word += c;
      continue;
    }
    if (c === '"') {
      quote = quote === '"' ? undefined : '"';
      continue;
    }
    if (quote === '"') {
      top().word += c;
      continue;
    }
    if (c === "'") {
      quote = "'";
      continue;
    }
    if (c === '#' && top().word === '') {
      while (i + 1 < script.length && script[i + 1] !== '\n') i++;
      continue;
    }
    if (c === '<' && script[i + 1] === '(') {
      open();
      i++;
      continue;
    }
    if (c === '(' && script[i + 1] === '(' && top().word === '') {
      endWord();
      if (top().program === undefined) top().program = '((';
      i++;
      continue;
    }
    if (c === ')' && script[i + 1] === ')' && top().arithmetic) {
      close();
      i++;
      continue;
    }
    if (c === ')' && script[i + 1] === ')' && top().program === '((') {
      endCommand();
      i++;
      continue;
    }
    if (c === ')' && frames.length > 1) {
      close();
      continue;
    }
    if (c === '\n' || c === ';' || c === '|' || c === '&' || c === '(' || c === ')') {
      endCommand();
      continue;
    }
    if (/\s/.test(c)) {
      endWord();
      continue;
    }
    top().word += c;
  }
  endWord(); // the script's last word, when no newline follows it
  return found;
}
