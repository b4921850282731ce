/**
 * The header a request names its API release in (and every answer names the release that served it
 * in), the code of the refusal when the API serves no release by that name, and the headers of an
 * answer served at a deprecated release (RFC 9745, RFC 8594). Shared by the sandbox, the MCP server
 * and the Try-it explorer; imports nothing.
 */
export const VERSION_HEADER = 'Kestrel-Version';
export const VERSION_UNSUPPORTED = 'API_VERSION_UNSUPPORTED';
export const DEPRECATION_HEADER = 'Deprecation';
export const SUNSET_HEADER = 'Sunset';
