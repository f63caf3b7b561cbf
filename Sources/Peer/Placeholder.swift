public enum PeerPlaceholder {}
