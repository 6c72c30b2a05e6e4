package eval

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"math"

	"github.com/surakarta/surakarta/mcts"
)

// The compact form of a built-in model. models/NAME.json is the model file
// as train wrote it (its bytes are the model's identity, and the file opens
// with --evaluator like any other); the binary holds models/NAME.bin, made
// from it by encodeModelBin and kept equal to it by a test (go test ./eval
// -run TestEmbeddedModelsMatchTheirJSON -update remakes them). Decoding the
// JSON's hundred thousand numbers was most of what opening the shipped
// model cost every command (docs/BENCHMARKS.md, "The default engine"); the
// compact form holds them as raw float32s and its header, a small JSON
// document, the rest of the model and the JSON's identity.
//
// Layout: modelBinMagic; the header's length (uint32, little-endian) and
// the header (modelBinHeader as JSON); each band's pattern weights as
// little-endian float32s, in order; and the CRC-32C of everything before
// it (uint32, little-endian).
const modelBinMagic = "surakarta-model-bin 1\n"

// modelBinHeader is the compact form's header.
type modelBinHeader struct {
	// Identity is the identity of the JSON file the form was made from
	// (fileIdentity of its bytes): what runs record for the model.
	Identity string `json:"identity"`
	// Model is the model file without its reports and provenance (which
	// decide nothing of its play) and with each band's pattern weights
	// moved to the raw section; Bands counts them, band by band.
	Model *ModelFile `json:"model"`
	Bands []int      `json:"bands,omitempty"`
}

var crc32c = crc32.MakeTable(crc32.Castagnoli)

// encodeModelBin makes the compact form of the model file data.
func encodeModelBin(data []byte) ([]byte, error) {
	f, err := ReadModel(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	f.Provenance = ModelProvenance{}
	if f.Value != nil {
		f.Value.Report = nil
	}
	if f.Prior != nil {
		f.Prior.Report = nil
	}
	h := modelBinHeader{Identity: fileIdentity(data), Model: f}
	var raw []float32
	if p := f.Patterns; p != nil {
		p.Report = nil
		for i := range p.Bands {
			h.Bands = append(h.Bands, len(p.Bands[i].Patterns))
			raw = append(raw, p.Bands[i].Patterns...)
			p.Bands[i].Patterns = nil
		}
	}
	head, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	out := append([]byte(modelBinMagic), binary.LittleEndian.AppendUint32(nil, uint32(len(head)))...)
	out = append(out, head...)
	for _, w := range raw {
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(w))
	}
	return binary.LittleEndian.AppendUint32(out, crc32.Checksum(out, crc32c)), nil
}

// modelBinHead reads the compact form's header and returns it with the
// raw section, checking the magic, the lengths and the checksum.
func modelBinHead(b []byte) (modelBinHeader, []byte, error) {
	var h modelBinHeader
	rest, ok := bytes.CutPrefix(b, []byte(modelBinMagic))
	if !ok || len(rest) < 8 {
		return h, nil, errors.New("not a compact model (its first bytes)")
	}
	body, sum := rest[:len(rest)-4], binary.LittleEndian.Uint32(rest[len(rest)-4:])
	if crc32.Checksum(b[:len(b)-4], crc32c) != sum {
		return h, nil, errors.New("its checksum does not match its bytes")
	}
	n := binary.LittleEndian.Uint32(body)
	if uint64(n) > uint64(len(body)-4) {
		return h, nil, fmt.Errorf("a header of %d bytes in %d", n, len(body)-4)
	}
	if err := json.Unmarshal(body[4:4+n], &h); err != nil {
		return h, nil, fmt.Errorf("its header: %w", err)
	}
	return h, body[4+n:], nil
}

// modelBinIdentity returns the identity the compact form b records.
func modelBinIdentity(b []byte) (string, error) {
	h, _, err := modelBinHead(b)
	return h.Identity, err
}

// check reports whether the model file opens as its game's evaluator
// (ModelFile.Evaluator for Surakarta's, AlquerqueEvaluator for
// Alquerque's).
func (f *ModelFile) check() error {
	var err error
	if f.Game == AlquerqueGame {
		_, err = f.AlquerqueEvaluator()
	} else {
		_, err = f.Evaluator()
	}
	return err
}

// decodeModelBin returns the evaluator of the compact form b of a
// Surakarta model, checked as a model file's (ModelFile.Evaluator).
func decodeModelBin(b []byte) (mcts.Evaluator, error) {
	f, err := decodeModelFileBin(b)
	if err != nil {
		return nil, err
	}
	return f.Evaluator()
}

// decodeModelFileBin returns the model file of the compact form b, its
// pattern weights back in their bands (its reports and provenance, which
// the form leaves out, empty), for either game's evaluator.
func decodeModelFileBin(b []byte) (*ModelFile, error) {
	h, raw, err := modelBinHead(b)
	if err != nil {
		return nil, err
	}
	f := h.Model
	if f == nil {
		return nil, errors.New("its header holds no model")
	}
	total := 0
	for _, n := range h.Bands {
		total += n
	}
	if p := f.Patterns; (p == nil && len(h.Bands) > 0) || (p != nil && len(p.Bands) != len(h.Bands)) || len(raw) != 4*total {
		return nil, fmt.Errorf("%d bytes of pattern weights for bands of %v", len(raw), h.Bands)
	}
	for i, n := range h.Bands {
		w := make(Float32s, n)
		for k := range w {
			w[k] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*k:]))
		}
		f.Patterns.Bands[i].Patterns, raw = w, raw[4*n:]
	}
	return f, nil
}
