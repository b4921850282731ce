// The scheme labels moved to config/security-schemes.ts; the Markdown twins still import them from here.
export {SCHEME_LABELS} from '../config/security-schemes';
