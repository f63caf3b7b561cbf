/// Fixed secrets for golden JSON: SHA-256 of "golden secret 1" and "golden secret 2", and their
/// commitments (SHA-256 of the secrets' 32 bytes).
enum Golden {
    static let secret = "e44c1106ec87035c87c4a7d0e6d66e6b5c21a2ef20684a3f1cfa1142c978073c"
    static let commitment = "69277781a2f6990ac5771aeffc48900546eea3e0eda3fc12af06b258bb2df4ea"
    static let nextSecret = "43c6bcf09aca2c9a0f501ace6e261d2216435e414808c8127ba9ed3569d39308"
    static let nextCommitment = "87b2932b1dd77478e7f7efe1c4c66a0f10996e981aa4c1e851993fe29c8f4236"
}
