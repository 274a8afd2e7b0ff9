extension Array {
    /// Appends `element`, first giving an array that has no room yet room for `room` elements.
    ///
    /// The parser builds the model's lists one element at a time, and most are short: grown from
    /// nothing, a list of three reallocates at its first, second and third element, a list of a
    /// dozen tracking events five times. Room for the usual count up front makes that one
    /// allocation (a list that outgrows it grows as any array does).
    mutating func append(_ element: Element, roomForFirst room: Int) {
        if capacity == 0 { reserveCapacity(room) }
        append(element)
    }
}
