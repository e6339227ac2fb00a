import { texts } from '../texts';

const c = texts.common;

type Issue = {
  code?: string;
  origin?: string;
  format?: string;
  input?: unknown;
  maximum?: unknown;
  minimum?: unknown;
  inclusive?: boolean;
};

const bound = (value: unknown, inclusive: boolean | undefined, up: boolean) => {
  const n = Number(value);
  return inclusive === false ? (up ? n - 1 : n + 1) : n;
};

/**
 * zod's error map in German, for every schema rule without its own message (server and web
 * install it with `z.config({ customError: germanZodError })`): a user never reads zod's English.
 */
export function germanZodError(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? c.fieldRequired : c.invalidInput;
    case 'too_big': {
      const max = bound(issue.maximum, issue.inclusive, true);
      if (issue.origin === 'string') return c.maxChars(max);
      if (issue.origin === 'array' || issue.origin === 'set') return c.maxItems(max);
      return c.maxNumber(Number(issue.maximum));
    }
    case 'too_small': {
      const min = bound(issue.minimum, issue.inclusive, false);
      if (issue.origin === 'string') return min <= 1 ? c.fieldEmpty : c.minChars(min);
      if (issue.origin === 'array' || issue.origin === 'set') return c.minItems(min);
      return c.minNumber(Number(issue.minimum));
    }
    case 'invalid_format':
      return issue.format === 'email' ? c.invalidEmail : issue.format === 'url' ? c.invalidUrl : c.invalidFormat;
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return c.invalidChoice;
    case 'unrecognized_keys':
      return c.unknownFields;
    default:
      return c.invalidInput;
  }
}
