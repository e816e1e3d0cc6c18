/// Finds the known name closest to a misspelt one, for "did you mean" hints.
enum KeySuggestion {
  /// The candidate nearest to `name` by edit distance (ignoring case and `_`/`-`), if it is
  /// close enough to be a plausible typo.
  @_optimize(size) static func nearest(to name: String, in candidates: [String]) -> String? {
    let key = normalized(name)
    let limit = max(2, key.count / 3)
    var best: String?
    var bestDistance = Int.max
    for candidate in candidates {
      let other = normalized(candidate)
      let distance = editDistance(key, other)
      // Close spellings, or a shared start covering at least half the name ("abs", "paged").
      let plausible =
        distance <= limit || commonPrefix(key, other) >= max(3, (key.count + 1) / 2)
      if plausible && distance < bestDistance {
        bestDistance = distance
        best = candidate
      }
    }
    return best
  }

  @_optimize(size) private static func commonPrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var count = 0
    while count < a.count && count < b.count && a[count] == b[count] { count += 1 }
    return count
  }

  /// ", did you mean 'x'?" or "".
  @_optimize(size) static func hint(for name: String, in candidates: [String]) -> String {
    guard let suggestion = nearest(to: name, in: candidates) else { return "" }
    return "; did you mean '\(suggestion)'?"
  }

  @_optimize(size) private static func normalized(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    for byte in text.utf8 where byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") {
      bytes.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
    }
    return bytes
  }

  /// Levenshtein distance, O(|a|·|b|) time and O(|b|) memory; long names are cut at 64 bytes.
  @_optimize(size) private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    let a = Array(a.prefix(64))
    let b = Array(b.prefix(64))
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
