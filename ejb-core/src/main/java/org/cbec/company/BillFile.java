package org.cbec.company;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One file of a company's bill as it was downloaded, kept by the broker as the company gave it
 * (alphapay's gzip, betapay's ZIP), in a working file of this node until the day's run ends.
 * {@code hashType} and {@code hashValue} are what the company said of the file's content (null when
 * it says nothing, as betapay does); the adapter has already checked the file against them.
 *
 * @param name what the file is: {@code tradebill}, {@code fundflowbill}, {@code profitsharing}, {@code statement}
 * @param contentType how the file is written as kept, e.g. {@code application/gzip} or {@code application/zip}
 * @param path the working file, deleted when its {@link CompanyBill} is closed
 * @param size the file's bytes as downloaded
 */
public record BillFile(String name, String contentType, String hashType, String hashValue, Path path, long size) {

    /** The file's bytes as downloaded (compressed, as the company gave them). */
    public byte[] content() {
        try {
            return Files.readAllBytes(path);
        } catch (IOException e) {
            throw new UncheckedIOException("the working copy of the bill file " + name + " could not be read", e);
        }
    }

    void delete() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // A working file left behind is removed with the node's temporary directory; nothing depends on it.
        }
    }

    @Override
    public String toString() {
        return name + " (" + size + " bytes" + (hashType == null ? "" : ", " + hashType + " " + hashValue) + ")";
    }
}
