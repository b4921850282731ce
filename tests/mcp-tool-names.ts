/**
 * The MCP server's tools by what they may do: those that only read (annotated `readOnlyHint: true`,
 * so a client can run them without asking) and those that write to a sandbox or send requests.
 * The unit tests pin the annotations on a server built in-process; the after-build tests pin the
 * same names on the server `npm run mcp` starts.
 */
export const READ_TOOLS = [
  'search_docs',
  'read_page',
  'get_operation',
  'lookup_error',
  'sandbox_get',
  'sandbox_next_part',
  'sandbox_deliveries',
  'list_workflows',
];

export const WRITE_TOOLS = [
  'sandbox_request',
  'sandbox_advance_clock',
  'sandbox_send_test_event',
  'sandbox_reset',
  'run_workflow',
  'check_webhook_endpoint',
];
