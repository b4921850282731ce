package webhooks

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// Store keeps each verified event before the handler answers: a 2xx tells Kestrel the event is
// safe, and Kestrel stops retrying it. The worker then processes the events from the store.
type Store interface {
	// Save stores the event durably. It reports false when the event's ID was stored before.
	Save(event Event) (isNew bool, err error)
	// Unprocessed lists the stored events not yet marked processed, oldest first.
	Unprocessed() ([]Event, error)
	// MarkProcessed records that the event's work is done.
	MarkProcessed(eventID string) error
}

// #region file-store

// FileStore is a Store in a directory: one file per event, written to a temporary name, synced
// and renamed, so an event is either stored whole or not at all, and survives a restart. A
// processed event gets a second, empty file. In production, use the database that holds your
// records, and mark an event processed in the same transaction as its work.
type FileStore struct {
	Dir string
	mu  sync.Mutex
}

func (s *FileStore) path(eventID, ext string) string {
	sum := sha256.Sum256([]byte(eventID)) // an event ID never becomes a path of its own
	return filepath.Join(s.Dir, hex.EncodeToString(sum[:])+ext)
}

// Save writes the event unless its ID was stored before.
func (s *FileStore) Save(event Event) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	target := s.path(event.ID, ".json")
	if _, err := os.Stat(target); err == nil {
		return false, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return false, err
	}
	body, err := json.Marshal(event)
	if err != nil {
		return false, err
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return false, err
	}
	tmp, err := os.CreateTemp(s.Dir, "incoming-*")
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(body); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Close(); err != nil {
		return false, err
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return false, err
	}
	return true, syncDir(s.Dir)
}

// Unprocessed lists the stored events without a processed mark, oldest first.
func (s *FileStore) Unprocessed() ([]Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	entries, err := os.ReadDir(s.Dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	type stored struct {
		event Event
		at    int64
	}
	var found []stored
	for _, entry := range entries {
		name := entry.Name()
		if !strings.HasSuffix(name, ".json") {
			continue
		}
		if _, err := os.Stat(filepath.Join(s.Dir, strings.TrimSuffix(name, ".json")+".done")); err == nil {
			continue
		}
		body, err := os.ReadFile(filepath.Join(s.Dir, name))
		if err != nil {
			return nil, err
		}
		var event Event
		if err := json.Unmarshal(body, &event); err != nil {
			return nil, fmt.Errorf("stored event %s: %w", name, err)
		}
		info, err := entry.Info()
		if err != nil {
			return nil, err
		}
		found = append(found, stored{event, info.ModTime().UnixNano()})
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].at < found[j].at })
	events := make([]Event, len(found))
	for i, f := range found {
		events[i] = f.event
	}
	return events, nil
}

// MarkProcessed writes the event's processed mark.
func (s *FileStore) MarkProcessed(eventID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := os.WriteFile(s.path(eventID, ".done"), nil, 0o600); err != nil {
		return err
	}
	return syncDir(s.Dir)
}

// syncDir makes a rename or a new file in dir survive a power cut.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// #endregion file-store

// MemoryStore is a Store in memory, for tests: it loses its events when the process stops.
type MemoryStore struct {
	mu        sync.Mutex
	ids       map[string]bool
	processed map[string]bool
	Events    []Event
}

// Save stores the event unless its ID was stored before.
func (s *MemoryStore) Save(event Event) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ids == nil {
		s.ids = map[string]bool{}
	}
	if s.ids[event.ID] {
		return false, nil
	}
	s.ids[event.ID] = true
	s.Events = append(s.Events, event)
	return true, nil
}

// Unprocessed lists the events without a processed mark, in the order they were saved.
func (s *MemoryStore) Unprocessed() ([]Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var events []Event
	for _, e := range s.Events {
		if !s.processed[e.ID] {
			events = append(events, e)
		}
	}
	return events, nil
}

// MarkProcessed records that the event's work is done.
func (s *MemoryStore) MarkProcessed(eventID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.processed == nil {
		s.processed = map[string]bool{}
	}
	s.processed[eventID] = true
	return nil
}
