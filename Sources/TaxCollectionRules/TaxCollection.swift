public enum TaxCollection {}
