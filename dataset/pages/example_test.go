package pages_test

import (
	"bytes"
	"fmt"

	"github.com/surakarta/surakarta/dataset/pages"
)

// A column chunk of one page: its Thrift header (compact protocol: the
// page type, its uncompressed and compressed sizes, 4 bytes each) and 4
// bytes of data. The same chunk with a header that claims 1000 bytes is
// refused before anything reads them.
func Example() {
	header := []byte{0x15, 0x00, 0x15, 0x08, 0x15, 0x08, 0x00} // type 0, sizes zigzag(4), stop
	chunk := append(header, 1, 2, 3, 4)
	fmt.Println(pages.Check(bytes.NewReader(chunk), 0, int64(len(chunk))))

	// The compressed size zigzag(1000), as a varint: 0xd0 0x0f.
	damaged := []byte{0x15, 0x00, 0x15, 0x08, 0x15, 0xd0, 0x0f, 0x00, 1, 2, 3, 4}
	fmt.Println(pages.Check(bytes.NewReader(damaged), 0, int64(len(damaged))))
	// Output:
	// <nil>
	// page at byte 0 of a column chunk claims 1000 bytes, 4 remain: damaged file
}
