/// InLine documents whose media files and images are served by the loopback server's `/media/` route.
/// Each ad's Error URL is `/beacon/error/<id>?code=[ERRORCODE]`.
enum CreativeDocuments {
    /// One `<MediaFile>`: a path under `/media/` (with its query), its declared type and size.
    struct Rendition {
        var path: String
        var type = "video/mp4"
        var width = 640
        var height = 360

        var element: String {
            "<MediaFile delivery=\"progressive\" type=\"\(type)\" width=\"\(width)\" height=\"\(height)\">"
                + "<![CDATA[{{BASE_URL}}/media/\(path)]]></MediaFile>"
        }
    }

    /// An `<Ad>` with a Linear of `duration` and `renditions`, in that order.
    static func ad(_ id: String, duration: String = "00:00:15", renditions: [Rendition]) -> String {
        """
        <Ad id="\(id)"><InLine><AdSystem>creatives</AdSystem>
        <Error><![CDATA[{{BASE_URL}}/beacon/error/\(id)?code=[ERRORCODE]]]></Error>
        <Impression><![CDATA[{{BASE_URL}}/beacon/impression/\(id)]]></Impression>
        <AdServingId>\(id)</AdServingId><AdTitle>\(id)</AdTitle>
        <Creatives><Creative id="creative-\(id)"><UniversalAdId idRegistry="Ad-ID">\(id)</UniversalAdId><Linear>
        <Duration>\(duration)</Duration>
        <MediaFiles>\(renditions.map(\.element).joined())</MediaFiles>
        </Linear></Creative></Creatives></InLine></Ad>
        """
    }

    /// A document holding `ads`.
    static func vast(_ ads: String...) -> String {
        "<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\">" + ads.joined() + "</VAST>"
    }

    /// An `<Ad>` with a 320x50 companion whose StaticResource image is `/media/<image>`.
    static func companionAd(_ id: String, image: String) -> String {
        """
        <Ad id="\(id)"><InLine><AdSystem>creatives</AdSystem>
        <Error><![CDATA[{{BASE_URL}}/beacon/error/\(id)?code=[ERRORCODE]]]></Error>
        <Impression><![CDATA[{{BASE_URL}}/beacon/impression/\(id)]]></Impression>
        <AdServingId>\(id)</AdServingId><AdTitle>\(id)</AdTitle>
        <Creatives><Creative id="creative-\(id)"><UniversalAdId idRegistry="Ad-ID">\(id)</UniversalAdId><CompanionAds>
        <Companion id="banner-\(id)" width="320" height="50">
        <StaticResource creativeType="image/png"><![CDATA[{{BASE_URL}}/media/\(image)]]></StaticResource></Companion>
        </CompanionAds></Creative></Creatives></InLine></Ad>
        """
    }
}
