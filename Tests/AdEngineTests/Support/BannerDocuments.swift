/// InLine documents with banner-capable creatives, for the bottom-banner tests. Error URLs go to
/// the loopback server's `/beacon/error/<name>` with the code.
enum BannerDocuments {
    static func inLine(_ name: String, creatives: String) -> String {
        """
        <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="\(name)"><InLine>
        <AdSystem>banners</AdSystem>
        <Error><![CDATA[{{BASE_URL}}/beacon/error/\(name)?code=[ERRORCODE]]]></Error>
        <Impression><![CDATA[{{BASE_URL}}/beacon/impression/\(name)]]></Impression>
        <AdServingId>\(name)</AdServingId><AdTitle>\(name)</AdTitle>
        <Creatives>\(creatives)</Creatives></InLine></Ad></VAST>
        """
    }

    /// An InLine named `name` whose one creative, `c-<name>`, is a 320 x 50 image companion.
    static func phone(_ name: String) -> String {
        inLine(name, creatives: companions("c-\(name)", staticCompanion(id: name, width: 320, height: 50)))
    }

    static func staticCompanion(id: String, width: Int, height: Int) -> String {
        """
        <Companion id="\(id)" width="\(width)" height="\(height)">\
        <StaticResource creativeType="image/png"><![CDATA[{{BASE_URL}}/img/\(id).png]]></StaticResource></Companion>
        """
    }

    static func htmlCompanion(id: String, width: Int, height: Int) -> String {
        "<Companion id=\"\(id)\" width=\"\(width)\" height=\"\(height)\"><HTMLResource><![CDATA[<b>\(id)</b>]]></HTMLResource></Companion>"
    }

    static func companions(_ creativeId: String, _ companions: String) -> String {
        "<Creative id=\"\(creativeId)\"><UniversalAdId idRegistry=\"Ad-ID\">\(creativeId)</UniversalAdId>"
            + "<CompanionAds>\(companions)</CompanionAds></Creative>"
    }

    static func fixedNonLinear(_ creativeId: String, width: Int, height: Int) -> String {
        """
        <Creative id="\(creativeId)"><UniversalAdId idRegistry="Ad-ID">\(creativeId)</UniversalAdId><NonLinearAds>\
        <NonLinear width="\(width)" height="\(height)" scalable="false">\
        <StaticResource creativeType="image/png"><![CDATA[{{BASE_URL}}/img/\(creativeId).png]]></StaticResource>\
        </NonLinear></NonLinearAds></Creative>
        """
    }
}
