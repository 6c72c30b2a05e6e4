// Package pages checks the page headers of a Parquet column chunk before
// parquet-go reads them (Check). parquet-go allocates whatever length a
// damaged header's strings claim, up to 2 GB, before it finds the data
// missing; Check walks the Thrift headers without allocating what they
// claim and refuses a chunk whose lengths run past it, so that a damaged
// dataset file is an error, not gigabytes. dataset's reader calls it for
// every column chunk it reads.
//
// Files: pages.go the check (Check, MaxChunkBytes) and the skimmer of
// Thrift's compact protocol it walks with.
//
// The package imports only the standard library.
package pages
