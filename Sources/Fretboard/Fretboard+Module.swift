// The Fretboard module: see ../shared/DESIGN.md §1 for its place in the package.
// It has no public API yet; its issue builds it on TheoryCore and the modules it depends on.
