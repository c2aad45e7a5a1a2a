package org.cbec.company;

import org.cbec.plumbing.vectors.Vectors;
import java.security.PrivateKey;
import java.security.PublicKey;
import org.cbec.plumbing.crypto.Pem;

/**
 * The key pairs of the known-answer vectors: docs/companies/vectors/keys, read through
 * {@link Vectors} (company-sandbox's tests read the same files). Generated once with OpenSSL 3.0;
 * test keys only.
 */
public final class KnownKeys {

    private KnownKeys() {
    }

    public static PrivateKey merchantPrivate() {
        return Vectors.privateKey("merchant");
    }

    public static PublicKey merchantPublic() {
        return Vectors.publicKey("merchant");
    }

    public static PrivateKey companyPrivate() {
        return Vectors.privateKey("company");
    }

    public static PublicKey companyPublic() {
        return Vectors.publicKey("company");
    }
}
