package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

type vectorFile struct {
	ToleranceSeconds int64 `json:"toleranceSeconds"`
	Vectors          []struct {
		Name     string `json:"name"`
		Secret   string `json:"secret"`
		RawBody  string `json:"rawBody"`
		Header   string `json:"header"`
		Now      int64  `json:"now"`
		Expected string `json:"expected"`
	} `json:"vectors"`
}

func loadVectors(t *testing.T) vectorFile {
	t.Helper()
	raw, err := os.ReadFile("../vectors.json")
	if err != nil {
		t.Fatalf("read vectors: %v", err)
	}
	var file vectorFile
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatalf("parse vectors: %v", err)
	}
	if len(file.Vectors) == 0 {
		t.Fatal("no vectors")
	}
	return file
}

// TestVectors runs one subtest per shared test vector.
func TestVectors(t *testing.T) {
	file := loadVectors(t)
	if time.Duration(file.ToleranceSeconds)*time.Second != DefaultTolerance {
		t.Fatalf("vectors assume a %d s tolerance, DefaultTolerance is %v", file.ToleranceSeconds, DefaultTolerance)
	}
	for _, v := range file.Vectors {
		v := v
		t.Run(v.Name, func(t *testing.T) {
			err := VerifyAt([]byte(v.RawBody), v.Header, v.Secret, time.Unix(v.Now, 0), DefaultTolerance)
			if v.Expected == "valid" {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				return
			}
			var signatureErr *SignatureError
			if !errors.As(err, &signatureErr) {
				t.Fatalf("want %s, got %v", v.Expected, err)
			}
			if signatureErr.Code != v.Expected {
				t.Fatalf("want %s, got %s", v.Expected, signatureErr.Code)
			}
			if !errors.Is(err, &SignatureError{Code: v.Expected}) {
				t.Fatalf("errors.Is does not match code %s", v.Expected)
			}
		})
	}
}

func TestSentinelErrors(t *testing.T) {
	err := VerifyAt([]byte("{}"), "", "kestrel_test_secret_3f9a1c7e5b2d4086", time.Now(), DefaultTolerance)
	if !errors.Is(err, ErrMalformedHeader) || errors.Is(err, ErrSignatureMismatch) {
		t.Fatalf("errors.Is does not tell the codes apart: %v", err)
	}
}

func TestHandler(t *testing.T) {
	file := loadVectors(t)
	valid := file.Vectors[0]
	if valid.Expected != "valid" {
		t.Fatal("the first vector must be valid")
	}
	// The vectors are signed at a fixed time, so sign the body again for now.
	woken := make(chan bool, 1)
	store := &MemoryStore{}
	handler := Handler(valid.Secret, store, func() { woken <- true })

	timestamp, signature := signNow(valid.Secret, valid.RawBody)
	request := httptest.NewRequest(http.MethodPost, "/webhooks/kestrel", strings.NewReader(valid.RawBody))
	request.Header.Set("Kestrel-Signature", "t="+timestamp+",v1="+signature)
	recorder := httptest.NewRecorder()
	handler.ServeHTTP(recorder, request)
	if recorder.Code != http.StatusOK {
		t.Fatalf("valid delivery: want 200, got %d", recorder.Code)
	}
	<-woken
	if events, _ := store.Unprocessed(); len(events) != 1 || events[0].ID == "" || events[0].Data.EntityID == "" {
		t.Fatalf("event not stored whole: %+v", events)
	}

	request = httptest.NewRequest(http.MethodPost, "/webhooks/kestrel", strings.NewReader(valid.RawBody+" "))
	request.Header.Set("Kestrel-Signature", "t="+timestamp+",v1="+signature)
	recorder = httptest.NewRecorder()
	handler.ServeHTTP(recorder, request)
	if recorder.Code != http.StatusBadRequest {
		t.Fatalf("tampered delivery: want 400, got %d", recorder.Code)
	}
}

// signNow signs body the way Kestrel does, stamped with the current time.
func signNow(secret, body string) (timestamp, signature string) {
	timestamp = strconv.FormatInt(time.Now().Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestamp + "." + body))
	return timestamp, hex.EncodeToString(mac.Sum(nil))
}

// failingStore cannot store anything, like a database that is down (its failure records are a
// MemoryStore's: the handler never reaches them).
type failingStore struct {
	MemoryStore
	calls int
}

func (s *failingStore) Save(Event) (bool, error) {
	s.calls++
	return false, errors.New("database down")
}

func (s *failingStore) Unprocessed() ([]Event, error) { return nil, errors.New("database down") }
func (s *failingStore) MarkProcessed(string) error    { return errors.New("database down") }

func TestHandlerStoresBeforeAnswering(t *testing.T) {
	vectors := loadVectors(t)
	valid := vectors.Vectors[0]
	timestamp, signature := signNow(valid.Secret, valid.RawBody)
	post := func(handler http.Handler) int {
		request := httptest.NewRequest(http.MethodPost, "/webhooks/kestrel", strings.NewReader(valid.RawBody))
		request.Header.Set("Kestrel-Signature", "t="+timestamp+",v1="+signature)
		recorder := httptest.NewRecorder()
		handler.ServeHTTP(recorder, request)
		return recorder.Code
	}

	store := &MemoryStore{}
	woken := make(chan bool, 2)
	handler := Handler(valid.Secret, store, func() { woken <- true })
	if code := post(handler); code != http.StatusOK {
		t.Fatalf("first delivery: want 200, got %d", code)
	}
	// ServeHTTP has returned, so the answer is written: the event must be stored by now.
	if len(store.Events) != 1 {
		t.Fatalf("the event was not stored before the answer: %d stored", len(store.Events))
	}
	if code := post(handler); code != http.StatusOK {
		t.Fatalf("redelivery: want 200, got %d", code)
	}
	// The redelivery found its ID stored, so the handler did not wake the worker for it again.
	if len(store.Events) != 1 || len(woken) != 1 {
		t.Fatalf("a redelivery was stored again: %d stored, %d wake-ups", len(store.Events), len(woken))
	}

	failing := &failingStore{}
	called := make(chan bool, 1)
	if code := post(Handler(valid.Secret, failing, func() { called <- true })); code != http.StatusInternalServerError {
		t.Fatalf("store down: want 500, got %d", code)
	}
	if failing.calls != 1 || len(called) != 0 {
		t.Fatalf("store down: %d saves, %d processed", failing.calls, len(called))
	}
}
