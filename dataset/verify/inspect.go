package verify

import (
	"fmt"

	"github.com/surakarta/surakarta/dataset"
)

// FileInfo describes one part file.
type FileInfo struct {
	Path      string
	Rows      int64
	Size      int64
	RowGroups int
	Meta      dataset.FileMeta
	// Err is set when the file cannot be opened as a dataset file; the
	// other fields are then zero.
	Err error
}

// PartitionInfo describes one table's variant partition.
type PartitionInfo struct {
	Table, Variant string
	Dir            string
	Files          []FileInfo
	// TempFiles lists temporary files of unfinished parts; Journals the
	// journals of parts in progress (games table).
	TempFiles []string
	Journals  []string
	// Unexpected lists the files no writer of this program made: copies,
	// strays. Readers that glob *.parquet read them as rows of the table.
	Unexpected []string
	// Rows and Bytes total the readable files.
	Rows, Bytes int64
	// Games counts the game ids the files' footers cover; Ranges lists
	// them, adjacent parts merged.
	Games  int64
	Ranges []dataset.Range
}

// Inspection is what Inspect found in a dataset directory.
type Inspection struct {
	Dir        string
	Partitions []PartitionInfo
	// Manifests maps each variant to its run manifest, where one exists.
	Manifests map[string]dataset.Run
}

// Problems lists what Inspect saw that a reader should not meet:
// unreadable parts and unexpected files, each naming the file.
func (in *Inspection) Problems() []string {
	var out []string
	for _, p := range in.Partitions {
		for _, f := range p.Files {
			if f.Err != nil {
				out = append(out, f.Err.Error())
			}
		}
		for _, u := range p.Unexpected {
			out = append(out, unexpectedProblem(u))
		}
	}
	return out
}

// unexpectedProblem describes a file that does not belong in a partition.
func unexpectedProblem(path string) string {
	return fmt.Sprintf("%s: unexpected file in a dataset partition (not written by surakarta; readers that glob *.parquet read it as rows): move it out of the dataset", path)
}

// Inspect lists the partitions and files of dataset dir with their rows,
// sizes and footer metadata, reading only footers.
func Inspect(dir string) (*Inspection, error) {
	vs, err := dataset.VariantsOrAll(dir, "")
	if err != nil {
		return nil, err
	}
	in := &Inspection{Dir: dir, Manifests: map[string]dataset.Run{}}
	for _, v := range vs {
		if r, ok, err := dataset.ReadManifest(dir, v); err != nil {
			return nil, err
		} else if ok {
			in.Manifests[v] = r
		}
		for _, table := range []string{dataset.TablePositions, dataset.TableGames, dataset.TableMatches} {
			pi := PartitionInfo{Table: table, Variant: v, Dir: dataset.PartitionDir(dir, table, v)}
			part, err := dataset.ReadListing(dir, table, v)
			if err != nil {
				return nil, err
			}
			for _, t := range part.Temps {
				pi.TempFiles = append(pi.TempFiles, t.Path)
			}
			for _, j := range part.Journals {
				pi.Journals = append(pi.Journals, j.Path)
			}
			pi.Unexpected = part.Unexpected
			for _, p := range part.Parts {
				fi := FileInfo{Path: p.Path}
				f, err := dataset.Open(p.Path)
				if err != nil {
					fi.Err = err
					pi.Files = append(pi.Files, fi)
					continue
				}
				fi.Rows, fi.Size, fi.RowGroups, fi.Meta = f.Rows, f.Size, f.RowGroups(), f.Meta
				f.Close()
				pi.Files = append(pi.Files, fi)
				pi.Rows += fi.Rows
				pi.Bytes += fi.Size
				r := dataset.Range{First: fi.Meta.FirstGame, Last: fi.Meta.LastGame}
				pi.Games += r.Len()
				if n := len(pi.Ranges); n > 0 && pi.Ranges[n-1].Last+1 == r.First {
					pi.Ranges[n-1].Last = r.Last
				} else {
					pi.Ranges = append(pi.Ranges, r)
				}
			}
			if len(pi.Files) > 0 || len(pi.TempFiles) > 0 || len(pi.Journals) > 0 || len(pi.Unexpected) > 0 {
				in.Partitions = append(in.Partitions, pi)
			}
		}
	}
	return in, nil
}
