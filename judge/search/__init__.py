"""Search: the analyzer (accent folding, stemming, stop words; shared with the site's search)
and the whoosh index. Only `index` imports whoosh."""
