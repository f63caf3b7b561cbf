public enum LobbyPlaceholder {}
