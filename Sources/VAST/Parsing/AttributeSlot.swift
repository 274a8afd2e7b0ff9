internal import CLibXML2

/// One attribute of the element being read: its name as libxml2 interned it (valid for the whole
/// parse) and the range of its decoded value in ``VASTModelBuilder/attrValues``.
struct AttributeSlot {
    let name: UnsafePointer<xmlChar>
    /// The name's length in bytes.
    let nameLength: Int
    let start: Int
    let end: Int
}
