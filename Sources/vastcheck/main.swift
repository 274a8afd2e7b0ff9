import VASTCheck
