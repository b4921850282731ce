package webhooks

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// #region retry-policy

// EventRetentionDays is how long Kestrel keeps an event, so how long it can deliver or list it
// again: the worker retries a transient failure until the event is this old, and the store keeps
// processed IDs this long. The same in the Node.js, Python and Go receivers.
const EventRetentionDays = 30

// FirstRetry is the first wait after a transient failure; each failure doubles it, up to MaxRetry.
const FirstRetry = 30 * time.Second

// MaxRetry is the longest wait between two tries at one event.
const MaxRetry = time.Hour

// APIError is an answer of Kestrel's other than a 2xx to a request the worker made. Its status,
// problem code and Retry-After decide whether the worker tries again.
type APIError struct {
	Status int
	// Code is the problem's code, such as IDEMPOTENCY_KEY_IN_USE; empty when the body had none.
	Code string
	// RetryAfter is the wait the Retry-After header asked for; 0 without one.
	RetryAfter time.Duration
	Path       string
}

func (e *APIError) Error() string {
	if e.Code != "" {
		return fmt.Sprintf("GET %s answered %d %s", e.Path, e.Status, e.Code)
	}
	return fmt.Sprintf("GET %s answered %d", e.Path, e.Status)
}

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

// Permanent marks err as a failure no later try can fix, such as a malformed event: the worker
// dead-letters the event at once.
func Permanent(err error) error { return permanentError{err} }

// ConfigurationFix is what the worker logs after a 401 or a 403: a change of key or scopes ends
// it, not a later try alone.
const ConfigurationFix = "needs a configuration fix: check the API key and its scopes"

// Transient reports whether a later try can fix the failure, and the least wait before it.
// A 408, a 429, a 5xx and a 409 IDEMPOTENCY_KEY_IN_USE can pass, and so can a 401 or a 403 once
// you fix the API key (see NeedsConfiguration); another 4xx cannot. An error that is not an
// APIError (a timeout, a network error, a panic in your code) is transient.
func Transient(err error) (bool, time.Duration) {
	var permanent permanentError
	if errors.As(err, &permanent) {
		return false, 0
	}
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		s := apiErr.Status
		transient := NeedsConfiguration(err) || s == http.StatusRequestTimeout || s == http.StatusTooManyRequests ||
			s >= 500 || s < 400 || (s == http.StatusConflict && apiErr.Code == "IDEMPOTENCY_KEY_IN_USE")
		return transient, apiErr.RetryAfter
	}
	return true, 0
}

// NeedsConfiguration reports whether Kestrel refused the worker's API key: a 401 (a key expired,
// revoked or rotated) or a 403 (a scope missing). Fixing the key ends it, so the worker retries it.
func NeedsConfiguration(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && (apiErr.Status == http.StatusUnauthorized || apiErr.Status == http.StatusForbidden)
}

// RetryDelay is the wait before the next try after failures transient failures: doubling from
// first, capped at MaxRetry, and never shorter than Retry-After.
func RetryDelay(failures int, retryAfter, first time.Duration) time.Duration {
	delay := MaxRetry
	if failures < 30 {
		if d := first << (failures - 1); d < MaxRetry {
			delay = d
		}
	}
	if retryAfter > delay {
		return retryAfter
	}
	return delay
}

// ParseRetryAfter reads a Retry-After header, delta-seconds or an HTTP date, as a wait; 0 when it
// is absent or unreadable.
func ParseRetryAfter(value string, now time.Time) time.Duration {
	value = strings.TrimSpace(value)
	if seconds, err := strconv.Atoi(value); err == nil && seconds >= 0 {
		return time.Duration(seconds) * time.Second
	}
	if at, err := http.ParseTime(value); err == nil && at.After(now) {
		return at.Sub(now)
	}
	return 0
}

// #endregion retry-policy
