package org.cbec.company;

/**
 * One file of a company's bill as it was downloaded, kept by the broker as the company gave it.
 * {@code hashType} and {@code hashValue} are what the company said of the file (null when it says
 * nothing, as betapay does); the adapter has already checked the file against them.
 *
 * @param name what the file is: {@code tradebill}, {@code fundflowbill}, {@code profitsharing}, {@code statement}
 * @param contentType how the file is written, e.g. {@code text/csv; charset=UTF-8} or {@code application/zip}
 */
public record BillFile(String name, String contentType, String hashType, String hashValue, byte[] content) {

    @Override
    public String toString() {
        return name + " (" + content.length + " bytes" + (hashType == null ? "" : ", " + hashType + " " + hashValue) + ")";
    }
}
