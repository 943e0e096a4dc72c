package app

// What the external tests (package app_test, which may import the adapters) reach: the reads
// and writes of operadores.go.
var (
	ReadByUID       = (*Service).readByUID
	ByKey           = (*Service).byKey
	ExistsElsewhere = (*Service).existsElsewhere
	Insert          = (*Service).insert
	UpdateStored    = (*Service).update
	ListStored      = (*Service).list
	CountActive     = (*Service).countActive
)

// ListFilter is listFilter.
type ListFilter = listFilter
