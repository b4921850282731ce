// Package webhooks verifies the Kestrel-Signature header of Kestrel webhook deliveries.
//
//	Kestrel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>
//
// Standard library only. Pass the raw request body: the exact bytes Kestrel sent, before any
// JSON decoding.
package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// DefaultTolerance is how far t may be from now, in the past or the future.
const DefaultTolerance = 5 * time.Minute

// #region errors

// SignatureError says why a delivery failed verification. Compare it with errors.Is against
// ErrMalformedHeader, ErrTimestampOutOfTolerance and ErrSignatureMismatch.
type SignatureError struct {
	Code   string // MALFORMED_HEADER, TIMESTAMP_OUT_OF_TOLERANCE or SIGNATURE_MISMATCH
	Reason string
}

func (e *SignatureError) Error() string {
	if e.Reason == "" {
		return e.Code
	}
	return e.Code + ": " + e.Reason
}

// Is reports whether target is a SignatureError with the same code.
func (e *SignatureError) Is(target error) bool {
	t, ok := target.(*SignatureError)
	return ok && t.Code == e.Code
}

var (
	ErrMalformedHeader         = &SignatureError{Code: "MALFORMED_HEADER"}
	ErrTimestampOutOfTolerance = &SignatureError{Code: "TIMESTAMP_OUT_OF_TOLERANCE"}
	ErrSignatureMismatch       = &SignatureError{Code: "SIGNATURE_MISMATCH"}
)

// #endregion errors

func malformed(reason string) error {
	return &SignatureError{Code: ErrMalformedHeader.Code, Reason: reason}
}

// isDigits accepts leading zeros (t is signed as it appears) and at most 12 significant digits.
func isDigits(s string) bool {
	significant := strings.TrimLeft(s, "0")
	if s == "" || len(significant) > 12 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// #region parse
func parseHeader(header string) (timestampText string, signatures [][]byte, err error) {
	if strings.TrimSpace(header) == "" {
		return "", nil, malformed("the header is empty")
	}
	for _, item := range strings.Split(header, ",") {
		separator := strings.IndexByte(item, '=')
		if separator < 0 {
			return "", nil, malformed("an item is not of the form key=value")
		}
		key := strings.Trim(item[:separator], " \t")
		value := strings.Trim(item[separator+1:], " \t")
		switch key {
		case "t":
			if timestampText != "" {
				return "", nil, malformed("t appears more than once")
			}
			if !isDigits(value) {
				return "", nil, malformed("t is not a unix time in seconds")
			}
			timestampText = value
		case "v1":
			signature, decodeErr := hex.DecodeString(value)
			if len(value) != 64 || decodeErr != nil {
				return "", nil, malformed("a v1 signature is not 64 hex digits")
			}
			signatures = append(signatures, signature)
		}
		// Other keys are ignored: a later signature scheme can be added beside v1.
	}
	if timestampText == "" {
		return "", nil, malformed("t is missing")
	}
	if len(signatures) == 0 {
		return "", nil, malformed("v1 is missing")
	}
	return timestampText, signatures, nil
}

// #endregion parse

// Verify checks header against rawBody and secret at the current time with DefaultTolerance.
func Verify(rawBody []byte, header, secret string) error {
	return VerifyAt(rawBody, header, secret, time.Now(), DefaultTolerance)
}

// #region verify

// VerifyAt returns nil when header is valid for rawBody and secret at time now, and a
// *SignatureError otherwise.
func VerifyAt(rawBody []byte, header, secret string, now time.Time, tolerance time.Duration) error {
	if secret == "" {
		return errors.New("webhooks: the secret is empty")
	}
	timestampText, signatures, err := parseHeader(header)
	if err != nil {
		return err
	}
	timestamp, err := strconv.ParseInt(timestampText, 10, 64)
	if err != nil {
		return malformed("t is not a unix time in seconds")
	}

	// 1. Reject a delivery stamped too far from now: an old one may be a replay.
	age := now.Unix() - timestamp
	if age > int64(tolerance/time.Second) || -age > int64(tolerance/time.Second) {
		return &SignatureError{
			Code:   ErrTimestampOutOfTolerance.Code,
			Reason: fmt.Sprintf("t is %d s from now; at most %d s is allowed", age, int64(tolerance/time.Second)),
		}
	}

	// 2. Sign t + "." + the raw body with your secret.
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestampText + "."))
	mac.Write(rawBody)
	expected := mac.Sum(nil)

	// 3. Compare in constant time with every v1 signature: during a secret rotation there are two.
	matched := false
	for _, signature := range signatures {
		if hmac.Equal(signature, expected) {
			matched = true
		}
	}
	if !matched {
		return &SignatureError{Code: ErrSignatureMismatch.Code, Reason: "no v1 signature matches this body and secret"}
	}
	return nil
}

// #endregion verify
