extension VASTDocument {
    /// The whole model as JSON: every element and attribute the parser read, in document order.
    ///
    /// `{"version", "ads"?: [ad], "errors"?: [url]}`, each ad as ``VASTAd/modelJSON``. Keys are the
    /// model's property names; absent values and empty lists are left out, and so are empty URLs;
    /// URLs are as written (macros unexpanded); times are `HH:MM:SS.mmm`, offsets that or `n%`;
    /// extensions are their raw XML. docs/json.md ("The model as JSON") gives every object's keys.
    /// A pure function of the document.
    public var modelJSON: OrderedJSON { ModelJSON.document(self) }
}

extension VASTAd {
    /// One ad as JSON: `{"id"?, "sequence"?, "adType"?, "conditionalAd"?, "inLine" | "wrapper"}`.
    ///
    /// The body's keys are those of ``VASTDocument/modelJSON``'s schema.
    public var modelJSON: OrderedJSON { ModelJSON.ad(self) }
}
