#!/usr/bin/env bash
# Prints the Idempotency-Key of one operation of an order: the version 5 UUID (RFC 9562) of
# "ORDER_ID:OPERATION_ID:ATTEMPT" in the URL namespace, where OPERATION_ID is the operationId of the
# call in the API reference; the same key as orderKey in node/order-keys.ts and order_key in
# python/order_keys.py. Each operation of an order takes its own key: creating a payout and
# initiating it are two. Keep each operation's attempt number beside the order, so that a retry
# after a restart sends the same key; move that operation to its next attempt only after a failure
# Kestrel keeps, such as INSUFFICIENT_FUNDS, once its cause is fixed.
#
#   IDEMPOTENCY_KEY=$(bash order-key.sh 1042 createAPayout 1)
#   IDEMPOTENCY_KEY=$(bash order-key.sh 1042 initiateAPayout 1)
#
# Needs bash and one of sha1sum (Linux), shasum (macOS) or openssl.
set -eu
# #region order-key
if [ $# -ne 3 ]; then
  echo "usage: order-key.sh ORDER_ID OPERATION_ID ATTEMPT" >&2
  exit 2
fi
order_id=$1
operation_id=$2
attempt=$3
if [ -z "$order_id" ]; then
  echo "order-key.sh: ORDER_ID is empty" >&2
  exit 2
fi
# An operationId has no colon, so no two (order, operation, attempt) share a name.
if ! [[ $operation_id =~ ^[A-Za-z][A-Za-z0-9]*$ ]]; then
  echo "order-key.sh: OPERATION_ID must be an operationId such as createAPayout, not \"$operation_id\"" >&2
  exit 2
fi
if ! [[ $attempt =~ ^[1-9][0-9]*$ ]]; then
  echo "order-key.sh: ATTEMPT must be a whole number from 1, not \"$attempt\"" >&2
  exit 2
fi

# SHA-1 of standard input, as 40 hex digits, with whichever tool this system has.
sha1_hex() {
  local out
  if command -v sha1sum >/dev/null; then
    out=$(sha1sum)
  elif command -v shasum >/dev/null; then
    out=$(shasum -a 1)
  elif command -v openssl >/dev/null; then
    out=$(openssl dgst -sha1 -r)
  else
    echo "order-key.sh: needs sha1sum, shasum or openssl" >&2
    return 1
  fi
  printf '%s' "${out:0:40}"
}

# The URL namespace 6ba7b811-9dad-11d1-80b4-00c04fd430c8 as 16 bytes, then the name in UTF-8.
hash=$({
  printf '\x6b\xa7\xb8\x11\x9d\xad\x11\xd1\x80\xb4\x00\xc0\x4f\xd4\x30\xc8'
  printf '%s' "$order_id:$operation_id:$attempt"
} | sha1_hex)

# Version 5 in the high nibble of byte 6; the RFC variant (binary 10) in the top bits of byte 8.
variant=$(printf '%x' $(((0x${hash:16:1} & 0x3) | 0x8)))
printf '%s-%s-5%s-%s%s-%s\n' "${hash:0:8}" "${hash:8:4}" "${hash:13:3}" "$variant" "${hash:17:3}" "${hash:20:12}"
# #endregion order-key
