package org.cbec.company;

import java.security.PrivateKey;
import java.security.PublicKey;
import org.cbec.plumbing.crypto.Pem;

/**
 * The key pairs of the known-answer vectors, written out. Generated once with OpenSSL 3.0
 * ({@code openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048}); the expected signatures in
 * {@code AlphapayVectorsTest} and {@code BetapayVectorsTest} were made from them with {@code openssl
 * dgst -sha256 -sign}, not with this project's code. company-sandbox's tests hold the same vectors,
 * so the two sides of each protocol are pinned to the same bytes.
 */
public final class KnownKeys {

    public static final String MERCHANT_PRIVATE = """
            -----BEGIN PRIVATE KEY-----
            MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQCqp3+l8RBV7yYF
            Zcxi6OIOCIjB18pZhiS8CbRBgbmpCy6Kt4JCoH8ALyHh1P7g8tnJyhlUmOXjoDNl
            +HkHFQ6k2DOeiEpUFAS1fDIenXY5QG9t4vz0E5foFNmXcgs2qkWlg9hwqJ9vjUdH
            VEk13MKMaygfL/SBHJSnha+U20/fhnwDcvHvHEr7wXqp+fG9nA6Xt6AD9JOFcXgB
            bJ2kc7FOvIqOalTZJY9bwwknyQn92EGhk2HSCM0izfryjahp9nTJb+k6lUiBZajj
            6GwbgkHExCPQAqjYgnTLu1/pqDmBakbvS2ZuJD9BgJbjraEptP53Xf0DviqqtxlU
            MdANa0uJAgMBAAECggEAGfv4v5DLOXfOqhS8KwqlskL8u8iP2tNw5XbJd7ijxzMD
            f639y1z6aXyZDp9VaHVh0aFlplAaSkSwKXnMx9YeIt3Ook1t7+EVGc3S0ymLq5+o
            N9Wk9BnFpVoDYFVw5/5uLgu7buVQqCDIC9AwI4o9JI9ZDm1JWp1k9HWybJp7eMps
            FKKbExNCD79o2Ico8GUWs5dztjlY1fzkTzBHOlvkA27hrMZe8FXnw8OW9yEL4kIG
            d4fOs2bLLddBBL6Ji+5M9SELtIfskQuXb8qlq9KUaKUnlJbAdm7B4Wj/yGzuojPE
            rHWEixfP2s5Ktxjw0HcLfv7xbgj+97EhikSjWuwA9wKBgQDgJ5mNWPCCJ8UCEt4t
            Y2ck8dv7JpbfJeA6zGsdpmXepu+rY9G+ezs6i8mhmVKEG+Aaqv9hsWsSQAD9l3f9
            mhetuMyJfH0Mw0yI8jmtrRadZDFGaHdp7eQKLKL133/wfXINFRpEZvHE++msHqRN
            JXuo81c3ikFPy+ShRVHRBhbHKwKBgQDC5h1bzc1qeK3UZVJmEBc4OgZVYhdhXU/+
            GYTxIgXGZJjly0SMBMMZWZVXs2elvebXtQLzDRoWUZYWu3MGOkZ+BCPiif76fdwo
            ZVjd9yw/qC6InXKq6X4w4L1AQDFQYz5hf93kqQHAvb3w5TULnkKhZVUn3i/hELv9
            Zzg0kmfeGwKBgQC2o616vSgidPMR8Hu1cdP+B09dgSDXK45bemog248PbufDt26U
            DObCmlms4TeZyvi74e56FEyQrzPfbMZpDWATvYpyz8s4Vf0LbIpQl8LgdV2s57u8
            xQfUvm/9dKFTO3Ntc29WoqaGAVhxVPo8nbj3fWboKy9yLEjampfCf3qZxwKBgGt8
            Gu7ZRhMU8ND0/AdbkmKo5XtLOJeyrX32NvIBEGxEaGo6utf5fFtLo2gVgfDPFTMb
            GcBPFnb+kaaBxELH+r5erCewcRVWOgdxNRxcx2Nn7hnbszR8xuJP3y9C969cvDdr
            HEWRy2yvd8QVtDZvFlIKH3d4OrGF2Bc9SKr9nxjHAoGBAI/ofk8XtjSdCNDIJGgZ
            8DXVomC2FT/MHeVuZyqDQ4qDno8Y4vaO8e7Sj0ma3V4Z1YeNuev1m+cZvzmo5Lid
            TMe1jjr/oj0VfzV4QeklouAvRbcDXYJCa9ye8WHTL4k3AHLFvbjDmqlKVcR+O93F
            z6/75m15Fq6kRD/bQWqRjkiS
            -----END PRIVATE KEY-----
            """;

    public static final String MERCHANT_PUBLIC = """
            -----BEGIN PUBLIC KEY-----
            MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqqd/pfEQVe8mBWXMYuji
            DgiIwdfKWYYkvAm0QYG5qQsuireCQqB/AC8h4dT+4PLZycoZVJjl46AzZfh5BxUO
            pNgznohKVBQEtXwyHp12OUBvbeL89BOX6BTZl3ILNqpFpYPYcKifb41HR1RJNdzC
            jGsoHy/0gRyUp4WvlNtP34Z8A3Lx7xxK+8F6qfnxvZwOl7egA/SThXF4AWydpHOx
            TryKjmpU2SWPW8MJJ8kJ/dhBoZNh0gjNIs368o2oafZ0yW/pOpVIgWWo4+hsG4JB
            xMQj0AKo2IJ0y7tf6ag5gWpG70tmbiQ/QYCW462hKbT+d139A74qqrcZVDHQDWtL
            iQIDAQAB
            -----END PUBLIC KEY-----
            """;

    public static final String COMPANY_PRIVATE = """
            -----BEGIN PRIVATE KEY-----
            MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQCTAktcb7yAs7Fd
            dioL4Ne4dgGtB91QRaZrk/Is3J2Q9DXUSfAByhBybHxyRS1HjPCOd1EJCEl5X3pI
            WIeOJplWtjXRLo726LF3agj1MOdfvPYxZ9GC7KtlPK1xhWKZwIRoVU3FBYXOxU9X
            XQAV9bdVj2zV5SYGnpr+JBIH/LauO42OcPhpeHBvhwualFQe4rycTFieJzW2P9z/
            Kp/0rutnRPJnTcDbGC3VuEXKK09UMO9ojakiHcFPK+YZlJBIj983ErvnEeFXXQHE
            D3ZexFNhOToawOsdbb8Bhbm6822F+tNA4OVabrktfdBzYLKl61ibZkeNskq/idJ4
            VlgGIOE9AgMBAAECggEABKXGK+8N9PQZXDJgd4+9RZZPepw8yi0zPSh/CgtBnPq5
            x+6qCkGVlL2hoWlW0SiWMQf5/owks1031SJUOMPJjuBoT6b9DbaenxqWUo3N2RFi
            p5CO2cQWCTePC3ZTY7eekSRD0lQ0HjX0CoDXJL8n84V7BApASPgTLWd0dFWwNc5d
            Qy4p5taKw3NQOzC7t2x5unw1bMB/DyhIq5T1ExcEjWlND0aJ7QGvAYhY8PQcwwbk
            HLmqJj/P6amK45wpTbW3dzu8FDmAx/scG7HfIuwH5gmyk4hrzpJGI/2+wYMWV5QQ
            9Lm2BeDLigP5fViG02WBvQjQDH4tyYHSfbeRYxjLSQKBgQDHKRF7VeIEngszns7j
            Z9bjLPBugEgmetaJtjDsjw6HWCmLVW/FPHef5e5k1qccz3FZi/CViuHpB9vwhiQ7
            q/3sK5FuPmME1x69gUos9YjwlHGGJtdG+bFjp9hJ9sp9FZj5Bk9SgbGOPRZSWJI2
            QRiHSnTjbAdDs8xY0U1rlvYrhQKBgQC89vgoNHBkbqQEeRBgdf7X+q3U6eKPZE1d
            c3s9yjfdZddWtNwJ10YoFsNPsExhMFWpMXEnWmUP/k25dqk8SDZjdD2D1eU0TNIw
            w0GgCI7C9azGb58cbdxioAk+zigZ5Pv4RTocrsuv8Bte/72oBh5zHYlJh1eC8Xhu
            xSLZYsjAWQKBgFsxwfCAxeqpV6W+bSuR68LAXCOtF9yO2NfcFhDr/JIa24MSjwh4
            hKoyBfQkmgbGMjf3rSU8n+8tixdaxRKR0canuIMLjBm2SzwpDIcDsz2+KzFrbZ3x
            Tbm9LHvJxrR6BD7bFc1I172y2RrBtcmkCxBAFr/gQn9MwCBXTqUaTgRlAoGAJaIZ
            8gffimDukWV6+XsGcgUesZSS5nPXZJEnLjsjvRgXNtF2MQ+KjVlbNHer/n8d0EBk
            hK3gCrtex1z2f2byTgRMbAEhULUr90Irw69wnytGaY65ZXQLvCibLsLoAaA0/lDr
            LeMx9awgB19vahMt5UcwnFA0AYQNtCHWuuyNhqECgYBm4gcCuj3KT+ov/sqCUfQL
            fukTTGRMrbWnWzofFXQD7d49H9zZ6Jb5vXVclzWnizZaaNLuF4ybsqd7nIVEgoyo
            Y5/buwWnMPCLMi4of0cYp+PcnqxNKvsYYfPhKNrq+79i7QfHpOTkUtobTxvtY+iR
            Nni4IWXW+OefPeNDARUbRw==
            -----END PRIVATE KEY-----
            """;

    public static final String COMPANY_PUBLIC = """
            -----BEGIN PUBLIC KEY-----
            MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAkwJLXG+8gLOxXXYqC+DX
            uHYBrQfdUEWma5PyLNydkPQ11EnwAcoQcmx8ckUtR4zwjndRCQhJeV96SFiHjiaZ
            VrY10S6O9uixd2oI9TDnX7z2MWfRguyrZTytcYVimcCEaFVNxQWFzsVPV10AFfW3
            VY9s1eUmBp6a/iQSB/y2rjuNjnD4aXhwb4cLmpRUHuK8nExYnic1tj/c/yqf9K7r
            Z0TyZ03A2xgt1bhFyitPVDDvaI2pIh3BTyvmGZSQSI/fNxK75xHhV10BxA92XsRT
            YTk6GsDrHW2/AYW5uvNthfrTQODlWm65LX3Qc2CypetYm2ZHjbJKv4nSeFZYBiDh
            PQIDAQAB
            -----END PUBLIC KEY-----
            """;

    private KnownKeys() {
    }

    public static PrivateKey merchantPrivate() {
        return Pem.privateKey(MERCHANT_PRIVATE);
    }

    public static PublicKey merchantPublic() {
        return Pem.publicKey(MERCHANT_PUBLIC);
    }

    public static PrivateKey companyPrivate() {
        return Pem.privateKey(COMPANY_PRIVATE);
    }

    public static PublicKey companyPublic() {
        return Pem.publicKey(COMPANY_PUBLIC);
    }
}
