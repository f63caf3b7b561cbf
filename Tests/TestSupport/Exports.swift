// NB: tests that use TestSupport get the scheduling helpers (offThePool) without a second import.
@_exported import TestScheduling
